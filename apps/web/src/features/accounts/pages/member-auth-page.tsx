import type { AuthMode, MemberRole } from '../../../config/paths';
import { AccountForm } from '../components/account-form';

/** /instructor/login, /instructor/register, /participant/login, /participant/register. */
export default function MemberAuthPage({ role, mode }: { role: MemberRole; mode: AuthMode }) {
  return (
    <div className="auth-page site-container">
      <AccountForm key={mode} role={role} mode={mode} />
    </div>
  );
}
