import { useSearchParams } from 'react-router';
import { Alert } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { HOME_PATH, navigateTo, safeReturnUrl, useSession } from '../../session/index.ts';
import { RequireAuth } from '../../session/RequireAuth.tsx';
import { TwoFactorSection } from '../../../components/two-factor/TwoFactorSection.tsx';

/** /sso/twoFactor: where a user who must use two-factor sign-in is led after signing in, before anything else. */
export function SetupPage() {
  return (
    <RequireAuth>
      <Setup />
    </RequireAuth>
  );
}

function Setup() {
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const { user } = useSession();
  const next = safeReturnUrl(params.get('returnUrl')) ?? (user?.extension.isPlatformAdmin ? '/admin' : HOME_PATH);
  return (
    <div style={{ width: 680, maxWidth: '100%' }}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={user?.extension.isPlatformAdmin ? '平台管理员必须开启两步验证后才能使用管理后台。' : '您所在的企业要求所有成员开启两步验证，开启后即可继续使用工作台。'}
      />
      <TwoFactorSection
        onEnabled={() => {
          void qc.invalidateQueries({ queryKey: ['appuser', '2fa'] });
          navigateTo(next, { replace: true });
        }}
      />
    </div>
  );
}
