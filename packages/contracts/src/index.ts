export * from './auth.ts';
export * from './defect.ts';
export * from './envelope.ts';
export * from './format.ts';
export * from './limits.ts';
export * from './project.ts';
export * from './system.ts';
export * from './team.ts';
