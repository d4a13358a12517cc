import { createStore } from './external-store';
import { STORAGE } from './storage-keys';
import { HOME_TAB, type Tab } from './tabs';

export const tabsStore = createStore<Tab[]>([HOME_TAB], STORAGE.tabs);
