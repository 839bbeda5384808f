import { useState } from 'react';
import { KeyRound, UserRound } from 'lucide-react';
import { normalizeUserType } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
import { Tabs } from '../../ui/Tabs';
import { ChangePasswordForm } from './ChangePasswordForm';
import { EditProfileForm } from './EditProfileForm';
import styles from './profile.module.css';

type Mode = 'edit' | 'password';

/** The shared profile screen (/profile, /admin-profile, /teacher-profile): Edit Profile and Change Password modes. */
export default function ProfilePage() {
  const { user } = useAuth();
  const [mode, setMode] = useState<Mode>('edit');
  if (!user) return null;
  const type = normalizeUserType(user.type);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <span className={styles.avatar} aria-hidden="true">
          {(user.firstName[0] ?? user.email[0]).toUpperCase()}
        </span>
        <div>
          <h1>
            {user.firstName} {user.lastName}
          </h1>
          <p>{user.email}</p>
        </div>
      </header>
      <Tabs
        label="Profile"
        value={mode}
        onChange={setMode}
        panelClassName={styles.panel}
        tabs={[
          {
            value: 'edit',
            label: (
              <>
                <UserRound size={18} aria-hidden="true" /> Edit Profile
              </>
            ),
            content: <EditProfileForm user={user} isStudent={type === 'student'} />,
          },
          {
            value: 'password',
            label: (
              <>
                <KeyRound size={18} aria-hidden="true" /> Change Password
              </>
            ),
            content: <ChangePasswordForm />,
          },
        ]}
      />
    </div>
  );
}
