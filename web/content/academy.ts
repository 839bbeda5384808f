/** How to reach the academy: one home for the contact details the footer and the contact page show. */
export const ACADEMY_CONTACT = {
  phone: '(604) 555-0142',
  email: 'hello@mathacademy.ca',
  address: 'Vancouver, British Columbia, Canada',
} as const;
