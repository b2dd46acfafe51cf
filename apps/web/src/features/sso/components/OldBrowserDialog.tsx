import { useState } from 'react';
import { Button, Modal } from 'antd';
import { CHROME_DOWNLOAD_URL, isOldBrowser } from './old-browser.ts';

/** docs/product/accounts.md#sign-in-pages: on login and register, Internet Explorer ≤ 10 gets a notice recommending Chrome. */
export function OldBrowserDialog({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const [open, setOpen] = useState(() => isOldBrowser(userAgent));
  return (
    <Modal
      open={open}
      title="浏览器版本过低"
      onCancel={() => setOpen(false)}
      footer={[
        <Button key="dismiss" onClick={() => setOpen(false)}>
          我知道了
        </Button>,
        <Button key="download" type="primary" href={CHROME_DOWNLOAD_URL} target="_blank" rel="noopener noreferrer">
          下载谷歌浏览器
        </Button>,
      ]}
    >
      <p>您的浏览器不支持 HTML5 或版本过低，部分功能可能无法正常使用。</p>
      <p>推荐使用谷歌浏览器（Chrome）访问本平台，以获得更好的使用体验。</p>
    </Modal>
  );
}
