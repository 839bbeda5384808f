/**
 * Business constants and validators shared by the server and the web app, one file per concept.
 * Every message here is part of the product's contract: users read it word for word, so change none lightly.
 */
export * from './auth';
export * from './content';
export * from './families';
export * from './fields';
export * from './messages';
export * from './profile';
export * from './roles';
export * from './ui';
export * from './questions';
export * from './progress';
export * from './students';
export * from './tests';
export * from './users';
export * from './offerings';
export * from './desk';
export * from './enrollments';
export * from './video';
export * from './due-dates';
export * from './classes';
export * from './student-work';
export * from './skills';
export * from './letters';
export * from './practice';
export * from './templates';
