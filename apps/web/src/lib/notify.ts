import { message } from 'antd';

/** How the API client and widgets tell the user something; swappable in tests. */
export interface Notifier {
  success(text: string): void;
  warning(text: string): void;
  error(text: string): void;
}

let current: Notifier = {
  success: (t) => void message.success(t),
  warning: (t) => void message.warning(t),
  error: (t) => void message.error(t),
};

export const notify: Notifier = {
  success: (t) => current.success(t),
  warning: (t) => current.warning(t),
  error: (t) => current.error(t),
};

export function setNotifier(n: Notifier) {
  current = n;
}
