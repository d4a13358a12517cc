import { useEffect, useMemo, useRef } from 'react';
import { getChatbotListEndpoint } from '../../contract/endpoints/user.endpoints';
import { usePlatformRead } from './use-platform-read';

type Chatbot = { label: string; value: string };

/**
 * The chatbots of an account (a card template and a card send belong to one), read from the platform when
 * `enabled`; `onFirst` gets the first so a form can choose it by default. A failed read is an error to show, never
 * "this account has no chatbot".
 */
export function useChatbots(cusId: string, enabled: boolean, onFirst: (chatbotId: string) => void): { options: Chatbot[]; error: string | null } {
  const { data, error } = usePlatformRead(getChatbotListEndpoint, { cus_id: cusId }, { enabled: enabled && cusId !== '' });
  const options = useMemo(() => (data ?? []).map((o) => ({ label: o.label, value: String(o.value) })), [data]);
  const first = useRef(onFirst);
  first.current = onFirst;
  useEffect(() => {
    if (options[0]) first.current(options[0].value);
  }, [options]);
  return { options, error };
}
