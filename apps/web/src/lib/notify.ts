/** How the API client and widgets tell the user something; swappable in tests. */
export interface Notifier {
  success(text: string): void;
  warning(text: string): void;
  error(text: string): void;
}

type Kind = keyof Notifier;
let antdMessage: Promise<(typeof import('antd/es/message'))['default']> | undefined;

/**
 * antd's message (and the notification code under it, ~10 KB gzip) is loaded with the first message, not with
 * every first page: most visits of the mall never show one (decision 0180).
 */
const show = (kind: Kind) => (text: string) => {
  antdMessage ??= import('antd/es/message').then((m) => m.default);
  void antdMessage.then((message) => message[kind](text));
};

let current: Notifier = { success: show('success'), warning: show('warning'), error: show('error') };

export const notify: Notifier = {
  success: (t) => current.success(t),
  warning: (t) => current.warning(t),
  error: (t) => current.error(t),
};

export function setNotifier(n: Notifier) {
  current = n;
}
