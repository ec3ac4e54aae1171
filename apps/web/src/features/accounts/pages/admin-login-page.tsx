import { AccountForm } from '../components/account-form';

export default function AdminLoginPage() {
  return <AccountForm role="admin" mode="login" />;
}
