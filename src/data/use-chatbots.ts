import { useEffect, useRef, useState } from 'react';
import { getChatbotListEndpoint } from '../../contract/endpoints/user.endpoints';
import { read } from './platform-actions';

/**
 * The chatbots of an account (spec §3: a card template and a card send belong to one), read from the platform when
 * `enabled`; `onFirst` gets the first so a form can choose it by default. A failed read is an error to show, never
 * "this account has no chatbot".
 */
type Chatbot = { label: string; value: string };

export function useChatbots(cusId: string, enabled: boolean, onFirst: (chatbotId: string) => void): { options: Chatbot[]; error: string | null } {
  const [options, setOptions] = useState<Chatbot[]>([]);
  const [error, setError] = useState<string | null>(null);
  const first = useRef(onFirst);
  first.current = onFirst;
  useEffect(() => {
    if (!cusId || !enabled) return;
    let live = true;
    read(getChatbotListEndpoint, { cus_id: cusId }).then(
      (list) => {
        if (!live) return;
        setOptions(list.map((o) => ({ label: o.label, value: String(o.value) })));
        setError(null);
        if (list[0]) first.current(String(list[0].value));
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [cusId, enabled]);
  return { options, error };
}
