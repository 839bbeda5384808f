import { Mail, MapPin, Phone } from 'lucide-react';
import { useAcademy } from '../../api/academy';
import { Banner } from '../../ui/Banner';
import styles from './public.module.css';

export default function ContactPage() {
  const contact = useAcademy();
  return (
    <>
      <Banner title="Contact Us">
        We would love to hear from you. Questions about courses, schedules or placement? Call or write to us and we will
        answer within one business day.
      </Banner>
      <div className={styles.content}>
        <div className={styles.card}>
          <ul className={styles.contactList}>
            <li>
              <Phone aria-hidden="true" />
              <div>
                <strong>Phone</strong>
                <a href={`tel:${contact.phone.replace(/\D/g, '')}`}>{contact.phone}</a>
              </div>
            </li>
            <li>
              <Mail aria-hidden="true" />
              <div>
                <strong>Email</strong>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </div>
            </li>
            <li>
              <MapPin aria-hidden="true" />
              <div>
                <strong>Address</strong>
                <span>{contact.address}</span>
              </div>
            </li>
          </ul>
        </div>
      </div>
    </>
  );
}
