import { defineForm, field } from '../forms';

export const contactSubjects = ['order', 'product', 'delivery', 'return', 'other'] as const;

const subjectOptions = [
  { value: '', label: 'Contact.SubjectChoose' },
  ...contactSubjects.map((subject) => ({ value: subject, label: `Contact.Subjects.${subject}` })),
];

/**
 * The contact form. Field 23 of the specification is the order number; field 24, the order date, is
 * shown and required only when field 23 has text (requiredif; the page hides it by CSS until then).
 */
export const contactForm = defineForm('contact', {
  Name: field.text().required().maxlength(100),
  Email: field.email().required().maxlength(320),
  Phone: field.tel().maxlength(40).regex(/\+?[0-9 ()./-]{6,40}/, 'Contact.PhoneFormat'),
  Subject: field.select(subjectOptions).required(),
  /* 23 */ OrderNumber: field.text().maxlength(40),
  /* 24 */ OrderDate: field.date().requiredif('OrderNumber', { notEquals: '' }),
  Message: field.textarea().required().minlength(10).maxlength(4000),
});
