import { useCallback, useEffect, useState } from 'react';
import { getCaptcha } from './auth.api.ts';

export interface CaptchaState {
  isEnabled: boolean;
  isRegisterEnabled: boolean;
  uuid: string;
  image: string;
}

/** Fetches /captchaImage; the image arrives as bare base64 PNG. */
export function useCaptcha() {
  const [state, setState] = useState<CaptchaState>({
    isEnabled: false,
    isRegisterEnabled: false,
    uuid: '',
    image: '',
  });

  const refresh = useCallback(async () => {
    try {
      const res = await getCaptcha();
      setState({
        isEnabled: res.captchaEnabled !== false,
        isRegisterEnabled: Boolean(res.registerEnabled),
        uuid: res.uuid ?? '',
        image: res.img ? `data:image/png;base64,${res.img}` : '',
      });
    } catch {
      // The HTTP layer already reported the failure; the form stays usable without a captcha.
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { ...state, refresh };
}
