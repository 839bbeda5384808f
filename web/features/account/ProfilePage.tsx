import { useState } from 'react';
import { KeyRound, UserRound } from 'lucide-react';
import { normalizeUserType } from '@common/rules';
import { useAuth } from '../../auth/AuthProvider';
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
      <div role="tablist" aria-label="Profile" className={styles.tabs}>
        <button type="button" role="tab" id="tab-edit" aria-controls="panel-profile" aria-selected={mode === 'edit'} onClick={() => setMode('edit')}>
          <UserRound size={18} aria-hidden="true" /> Edit Profile
        </button>
        <button type="button" role="tab" id="tab-password" aria-controls="panel-profile" aria-selected={mode === 'password'} onClick={() => setMode('password')}>
          <KeyRound size={18} aria-hidden="true" /> Change Password
        </button>
      </div>
      <section role="tabpanel" id="panel-profile" aria-labelledby={mode === 'edit' ? 'tab-edit' : 'tab-password'} className={styles.panel}>
        {mode === 'edit' ? <EditProfileForm user={user} isStudent={type === 'student'} /> : <ChangePasswordForm />}
      </section>
    </div>
  );
}
