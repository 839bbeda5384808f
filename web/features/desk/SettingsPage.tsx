import { useState } from 'react';
import { CURRENCIES, DESK_MESSAGES, SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS } from '@common/rules';
import { academySettingsFields, type AcademySettings } from '@common/schemas/desk';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PhoneField, SelectField, TextField } from '../../ui/Field';
import { useSchemaForm } from '../../ui/form';
import { PageCard, PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { Toast, useNotify } from '../../ui/Toast';
import { useAcademySettings, useSaveAcademy } from './api';
import styles from './desk.module.css';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** Admin Settings: the academy's name, how families reach it, its social links and currency. */
export default function SettingsPage() {
  const settings = useAcademySettings();
  return (
    <PageFrame
      eyebrow="Administration"
      title="Settings"
      lead="What every page of the public site shows about the academy."
    >
      {settings.isPending ? (
        <PageState kind="loading" title="Loading settings..." />
      ) : settings.data ? (
        <SettingsForm saved={settings.data} />
      ) : (
        <PageState
          kind="error"
          title={DESK_MESSAGES.settingsLoadFailed}
          text={errorMessage(settings.error, 'Please try again.')}
          action={<Button onClick={() => void settings.refetch()}>Try Again</Button>}
        />
      )}
    </PageFrame>
  );
}

const asForm = (s: AcademySettings) => ({
  ...s,
  social: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, s.social[n] ?? ''])),
});

/** Sends only the fields changed, so two admins editing different fields at once both keep their change. */
function SettingsForm({ saved }: { saved: AcademySettings }) {
  const notify = useNotify();
  const save = useSaveAcademy();
  const [failure, setFailure] = useState<string>();
  const form = useSchemaForm(academySettingsFields, { defaultValues: asForm(saved) });
  const { errors, dirtyFields, isSubmitting } = form.formState;

  const submit = form.submitWith(
    async (values) => {
      setFailure(undefined);
      const update: Record<string, unknown> = {};
      for (const key of ['name', 'email', 'phone', 'address', 'currency'] as const)
        if (dirtyFields[key]) update[key] = values[key];
      const social = Object.fromEntries(
        SOCIAL_NETWORKS.filter((n) => dirtyFields.social?.[n]).map((n) => [n, values.social[n] ?? null]),
      );
      if (Object.keys(social).length) update.social = social;
      if (Object.keys(update).length === 0) return notify.notify('info', DESK_MESSAGES.settingsEmpty);
      const next = await save.mutateAsync(update);
      form.reset(asForm(next));
      notify.success(DESK_MESSAGES.settingsSaved);
    },
    (error) => setFailure(errorMessage(error, DESK_MESSAGES.settingsSaveFailed)),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Toast notice={notify.notice} />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <PageCard aria-labelledby="settings-academy">
        <h2 id="settings-academy">The academy</h2>
        <div className={styles.fields}>
          <TextField label="Academy name" error={errors.name?.message} {...form.register('name')} />
          <SelectField
            label="Currency"
            options={CURRENCY_OPTIONS}
            error={errors.currency?.message}
            {...form.register('currency')}
          />
        </div>
      </PageCard>
      <PageCard aria-labelledby="settings-contact">
        <h2 id="settings-contact">Contact details</h2>
        <div className={styles.fields}>
          <TextField label="Contact email" type="email" error={errors.email?.message} {...form.register('email')} />
          <PhoneField label="Phone" error={errors.phone?.message} {...form.register('phone')} />
          <TextField label="Address" error={errors.address?.message} {...form.register('address')} />
        </div>
      </PageCard>
      <PageCard aria-labelledby="settings-social">
        <h2 id="settings-social">Social links</h2>
        <p className={styles.hint}>A full https:// address per network; leave one empty to hide it from the footer.</p>
        <div className={styles.fields}>
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              label={SOCIAL_NETWORK_NAMES[network]}
              type="url"
              placeholder="https://"
              error={errors.social?.[network]?.message}
              {...form.register(`social.${network}`)}
            />
          ))}
        </div>
      </PageCard>
      <div className={styles.actions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
