import { Modal, message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Non-React code (the HTTP client) needs toasts and modals that follow the app's theme and locale.
 * <FeedbackBridge> registers the App.useApp() instances here; the static functions are the fallback
 * before it mounts (and in unit tests).
 */
export interface ModalApi {
  confirm: (config: ModalFuncProps) => unknown;
  success: (config: ModalFuncProps) => unknown;
  error: (config: ModalFuncProps) => unknown;
}

export interface Feedback {
  message: MessageInstance;
  modal: ModalApi;
  notification: NotificationInstance;
}

let current: Feedback = { message, modal: Modal, notification };

export function setFeedback(next: Feedback): void {
  current = next;
}

export function feedback(): Feedback {
  return current;
}
