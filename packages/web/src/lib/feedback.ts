import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Non-React code (the HTTP client) needs toasts and modals that follow the app's theme and locale.
 * The app frame's <FeedbackBridge> registers the App.useApp() instances here; before it mounts (the
 * sign-in page, unit tests) Ant Design's static functions stand in, fetched when first needed so
 * the sign-in page does not carry the modal and the notification.
 */
export interface ModalApi {
  confirm: (config: ModalFuncProps) => unknown;
  success: (config: ModalFuncProps) => unknown;
  error: (config: ModalFuncProps) => unknown;
}

type Toast = (...args: Parameters<MessageInstance['error']>) => unknown;

export interface Feedback {
  message: { error: Toast; warning: Toast };
  modal: ModalApi;
  notification: { error: (...args: Parameters<NotificationInstance['error']>) => unknown };
}

const message = () => import('antd/es/message').then((m) => m.default);
const modal = () => import('antd/es/modal').then((m) => m.default);
const notification = () => import('antd/es/notification').then((m) => m.default);

const statics: Feedback = {
  message: {
    error: (...args) => void message().then((m) => m.error(...args)),
    warning: (...args) => void message().then((m) => m.warning(...args)),
  },
  modal: {
    confirm: (config) => void modal().then((m) => m.confirm(config)),
    success: (config) => void modal().then((m) => m.success(config)),
    error: (config) => void modal().then((m) => m.error(config)),
  },
  notification: { error: (...args) => void notification().then((n) => n.error(...args)) },
};

let current: Feedback | undefined;

/** undefined: back to the static functions (the frame's holders have gone). */
export function setFeedback(next: Feedback | undefined): void {
  current = next;
}

export function feedback(): Feedback {
  return current ?? statics;
}
