/**
 * The role battery's one list (record-permissions.test.ts, docs/decisions/0173-record-permissions.md): the
 * company-scoped endpoints a member of the company with no role at all may call, each with the reason. Every
 * other company-scoped route must refuse such a member with 没有操作权限 (or its own refusal) before it reads its
 * input: its descriptor names the permission (`can(...)`) or the workbench page (`sees(...)`) of the page that
 * lists its records. A new route without either fails the battery until it gets one, or is added here with why
 * every member may call it.
 */
const OWN_CART = 'the member’s own cart (rows keyed by the user, not the company); ordering from it needs purchase:manage';
const APPROVER =
  'purchase requests answer only the requester, the approvers named on them (any member may be named) and approval:manage holders (approvals/requests.ts)';
const INBOX = 'the company inbox is a page every member has (消息中心 is an `everyone` menu entry)';

export const OPEN_TO_EVERY_MEMBER: Record<string, string> = {
  workbenchTodo: 'counts only the lists whose pages the caller’s menu holds (workbench/todo.ts visibleMenuPaths)',
  liveSocket: 'pushes the company inbox’s unread count and new messages, which every member may read (' + INBOX + ')',
  messageList: INBOX,
  messageUnreadCount: INBOX,
  messageRead: INBOX,
  messageDelete: INBOX,
  noticeSettingsGet: 'the member’s own notification settings (消息设置 is an `everyone` menu entry)',
  noticeSettingsSave: 'the member’s own notification settings (消息设置 is an `everyone` menu entry)',
  cartView: OWN_CART,
  cartCount: OWN_CART,
  cartAdd: OWN_CART,
  cartQuantity: OWN_CART,
  cartSelect: OWN_CART,
  cartRemove: OWN_CART,
  cartClearInvalid: OWN_CART,
  purchaseRequestList: APPROVER,
  purchaseRequestDetail: APPROVER,
  purchaseRequestApprove: APPROVER,
  purchaseRequestReject: APPROVER,
  purchaseRequestWithdraw: APPROVER,
  pricingMine: 'the company’s own prices for goods on screen, the ones the member’s cart already shows (checkoutPreview); never another company’s',
  checkoutPreview: 'previews the member’s own cart at today’s prices; submitting the order needs purchase:manage',
  budgetMine: 'the member’s own budgets (their department’s and their own) shown beside the checkout preview; allocating and adjusting need approval:manage',
};
