import { useAuth } from '../../auth/AuthProvider';
import { Button } from '../../ui/Button';
import styles from './dashboard.module.css';

/** The dashboard greets the user by first name; the role views arrive with their issues. */
export default function DashboardPage() {
  const { user, logout } = useAuth();
  return (
    <div className={styles.page}>
      <h1>Welcome back, {user?.firstName || 'friend'}!</h1>
      <p className={styles.lead}>Signed in as {user?.email}.</p>
      <Button variant="secondary" onClick={() => void logout()}>
        Logout
      </Button>
    </div>
  );
}
