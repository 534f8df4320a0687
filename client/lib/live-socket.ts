import { useEffect, useRef, useState } from 'react';

export type LiveSocketState = 'connecting' | 'open' | 'closed';

/** The ws:// or wss:// URL of a server path on the page's own origin. */
export function socketUrl(path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`;
}

type Options<M> = {
  /** Called with each parsed JSON message. */
  onMessage: (message: M) => void;
  /** Stop reconnecting after a close with one of these codes (e.g. 4404 for an unknown tracking id). */
  finalCodes?: number[];
};

/**
 * A JSON WebSocket to `path` that reconnects with capped, jittered exponential backoff (about 1 s, 2 s, 4 s ... 15 s) after a drop,
 * a server restart or a 1012 "service restart" close, until `path` changes or the component unmounts.
 * Pass `path = null` to stay disconnected. Returns the connection state, so callers can fall back to polling.
 */
export function useLiveSocket<M>(path: string | null, { onMessage, finalCodes = [] }: Options<M>): LiveSocketState {
  const [state, setState] = useState<LiveSocketState>('closed');
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const codes = finalCodes.join(',');

  useEffect(() => {
    if (!path) {
      setState('closed');
      return;
    }
    let socket: WebSocket | null = null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const final = new Set(codes ? codes.split(',').map(Number) : []);

    const open = () => {
      if (stopped) return;
      setState('connecting');
      socket = new WebSocket(socketUrl(path));
      socket.onopen = () => {
        attempt = 0;
        setState('open');
      };
      socket.onmessage = (event) => {
        try {
          handler.current(JSON.parse(String(event.data)) as M);
        } catch {
          // A message that is not JSON is not ours; ignore it.
        }
      };
      socket.onclose = (event) => {
        socket = null;
        setState('closed');
        if (stopped || final.has(event.code)) return;
        // Jittered (half to all of the step): the sockets a restarting instance closes together do not all come
        // back to the next one in the same instant.
        const delay = Math.min(15_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt += 1;
        timer = setTimeout(open, delay);
      };
    };
    open();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      socket?.close(1000);
    };
  }, [path, codes]);

  return state;
}
