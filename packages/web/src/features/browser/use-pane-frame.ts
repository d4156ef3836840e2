import type { EvidenceEntry } from '@buglet/contracts';
import { useEffect, useRef, useState } from 'react';
import { currentLocale } from '../../lib/i18n.ts';
import { proxyAddress, requestProxyTicket } from './browser.api.ts';
import { isScreenshot, paneMessageOf } from './browser-pane-rules.ts';
import { captureLibrary } from './capture-library.ts';

const CAPTURE_TIMEOUT_MS = 30_000;
const EVIDENCE_MAX = 500;

interface Loaded {
  url: string;
  title: string;
}

/** A pane's frame: what it shows (opened with a fresh ticket), what its page told, the screenshot. */
export function usePaneFrame() {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string>();
  const [loaded, setLoaded] = useState<Loaded>();
  const [evidence, setEvidence] = useState<EvidenceEntry[]>([]);
  const [refusal, setRefusal] = useState<string>();
  const pendingCapture = useRef<{ resolve: (v: string) => void; reject: (e: Error) => void }>(undefined);
  const [isOpening, setOpening] = useState(false);

  /** Each address opens with a fresh ticket: only the proxy accepts it, for a few minutes. */
  const open = async (url: string) => {
    setOpening(true);
    try {
      const { data } = await requestProxyTicket();
      if (!data) return;
      setRefusal(undefined);
      setLoaded({ url, title: '' });
      setSrc(proxyAddress(url, data.ticket, currentLocale()));
    } finally {
      setOpening(false);
    }
  };

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
      const message = paneMessageOf(event.data);
      if (!message) return;
      switch (message.type) {
        case 'start':
          setEvidence([]);
          setRefusal(undefined);
          setLoaded({ url: message.url, title: '' });
          break;
        case 'loaded':
          setLoaded({ url: message.url, title: String(message.title ?? '') });
          break;
        case 'navigate':
          void open(message.url).catch(() => {});
          break;
        case 'evidence':
          setEvidence((list) => (list.length < EVIDENCE_MAX ? [...list, message.entry] : list));
          break;
        case 'refused':
          setRefusal(message.message);
          break;
        case 'capture-result':
          if (isScreenshot(message.dataUrl)) pendingCapture.current?.resolve(message.dataUrl);
          else pendingCapture.current?.reject(new Error('not a PNG'));
          pendingCapture.current = undefined;
          break;
        case 'capture-error':
          pendingCapture.current?.reject(new Error(message.message));
          pendingCapture.current = undefined;
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });

  /**
   * The page draws itself (the library runs inside the frame, the only place that can read it)
   * and posts the PNG back. The target origin is '*': a sandboxed frame's origin is opaque, and
   * the message holds only the library's public code.
   */
  const capture = async (): Promise<string> => {
    const target = frameRef.current?.contentWindow;
    if (!target) throw new Error('no page');
    const library = await captureLibrary();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timeout')), CAPTURE_TIMEOUT_MS);
      pendingCapture.current = {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      target.postMessage({ source: 'buglet-tool', type: 'capture', library }, '*');
    });
  };

  const reload = () => (loaded ? open(loaded.url) : Promise.resolve());
  return { frameRef, src, loaded, evidence, refusal, isOpening, open, capture, reload };
}
