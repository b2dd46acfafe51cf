/** User-facing messages fixed by the spec (docs/product/interface.md#fixed-messages). Kept in one place so client and server agree. */
export const MSG = {
  success: '操作成功',
  loginExpired: '登录失效，请刷新页面',
  apiError: '接口异常',
  timeout: '服务器连接超时',
  noResponse: '服务器异常',
  notFound: '接口地址不存在',
  serverError: '服务器系统异常',
  busy: '服务器繁忙，请稍后重试',
  uploadFailed: '上传失败',
  downloadFailed: '下载文件失败',
  downloadEmpty: '下载地址为空',
  memberLevel23: '请购买二级/三级会员',
  memberLevel13: '请购买一级/三级会员',
  menuNotConfigured: '未配置菜单项',
  smsLoading: '获取中',
  accountPlaceholder: '请输入账号',
  badJson: '请求数据格式错误',
  bodyTooLarge: '请求数据过大',
  invalidParams: '参数错误',
  tooManyRequests: '请求过于频繁，请稍后再试',
  notLoggedIn: '请先登录',
  forbidden: '没有操作权限',
  recordNotFound: '数据不存在或已删除',
} as const;

/** '仅允许{types}格式' etc. — messages that take a value. */
export const uploadTypeMessage = (types: readonly string[]) => `仅允许${types.join('、')}格式`;
export const uploadSizeMessage = (mb: number) => `最大允许${mb}M`;
export const uploadCountMessage = (n: number) => `最多允许${n}张`;
