import { Link } from 'react-router';
import { Result } from 'antd';

/** A record that does not exist or is not public, with a way back. */
export function NotFoundBox({ text, back, backText }: { text: string; back: string; backText: string }) {
  return (
    <div className="am-container am-page">
      <div className="am-box">
        <Result
          status="404"
          title={text}
          extra={
            <Link to={back} className="am-btn am-btn-primary">
              {backText}
            </Link>
          }
        />
      </div>
    </div>
  );
}
