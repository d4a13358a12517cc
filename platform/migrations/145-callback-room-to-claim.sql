-- A callback delivery is claimed (its lease and attempts set, no indexed column changed) moments after it is
-- written. With room left on its page, that update stays on the page and adds no entry to the table's five indexes
-- (a heap-only update); a full page moves the row and indexes it again in all five.
alter table callback_deliveries set (fillfactor = 50);
