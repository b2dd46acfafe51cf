import { Spin } from 'antd';

/** A page, or the workbench's content, waiting for what decides it (the session, the menu): a centred spinner. */
export function PageSpin({ testId }: { testId?: string }) {
  return (
    <div data-testid={testId} style={{ padding: 80, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}
