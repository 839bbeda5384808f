import { Fragment, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { GENDERS, GENDER_LABELS, GRADES } from '@common/rules';
import { PhoneField, SelectField, TextField } from './Field';
import styles from './ProfileFields.module.css';

/** A person's details as every profile form names them (the API's field names). */
export type ProfileField =
  'first_name' | 'last_name' | 'grade_level' | 'gender' | 'birthday' | 'phone_number' | 'school' | 'address';

export const GRADE_OPTIONS = GRADES.map((g) => ({ value: g, label: g === 'K' ? 'Kindergarten' : `Grade ${g}` }));
export const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

export interface ProfileFieldsProps<F extends ProfileField> {
  /** The fields this form asks for, in the order shown; their rules are the form's schema from common/schemas. */
  fields: readonly F[];
  register(name: F): UseFormRegisterReturn;
  errors: Partial<Record<F, { message?: string } | undefined>>;
  /** Fields that take the whole row (the address always does). */
  wide?: readonly F[];
  /**
   * Whether the person typing is the person described, so the browser may offer their own name, phone and address.
   * Off when a parent describes their child.
   */
  own?: boolean;
  /** Something the form shows right after a field (the read-only e-mail after the names). */
  after?: Partial<Record<F, ReactNode>>;
}

/**
 * The profile fields of every form that describes a person (completing a profile, editing one's own, a parent adding
 * or editing their child), so each field has one label, one control and one message everywhere: two columns from a
 * phone's width up.
 */
export function ProfileFields<F extends ProfileField>({
  fields,
  register,
  errors,
  wide = [],
  own = true,
  after = {},
}: ProfileFieldsProps<F>) {
  const control = (name: F): ReactNode => {
    const error = errors[name]?.message;
    const auto = (value: string) => (own ? value : 'off');
    switch (name as ProfileField) {
      case 'first_name':
        return <TextField label="First name" autoComplete={auto('given-name')} error={error} {...register(name)} />;
      case 'last_name':
        return <TextField label="Last name" autoComplete={auto('family-name')} error={error} {...register(name)} />;
      case 'grade_level':
        return (
          <SelectField
            label="Grade"
            placeholder="Choose a grade"
            options={GRADE_OPTIONS}
            error={error}
            {...register(name)}
          />
        );
      case 'gender':
        return (
          <SelectField label="Gender" placeholder="Choose" options={GENDER_OPTIONS} error={error} {...register(name)} />
        );
      case 'birthday':
        return <TextField label="Birthday" type="date" error={error} {...register(name)} />;
      case 'phone_number':
        return (
          <PhoneField label="Phone number" autoComplete={auto('tel-national')} error={error} {...register(name)} />
        );
      case 'school':
        return <TextField label="School" error={error} {...register(name)} />;
      case 'address':
        return <TextField label="Address" autoComplete={auto('street-address')} error={error} {...register(name)} />;
    }
  };
  return (
    <div className={styles.grid}>
      {fields.map((name) => (
        <Fragment key={name}>
          {wrap(control(name), name === 'address' || wide.includes(name))}
          {after[name]}
        </Fragment>
      ))}
    </div>
  );
}

/** A field spanning both columns sits in a cell of its own, so the kit's Field keeps its own layout. */
const wrap = (node: ReactNode, isWide: boolean) => (isWide ? <div className={styles.wide}>{node}</div> : node);
