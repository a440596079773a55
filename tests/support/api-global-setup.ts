import type { TestProject } from 'vitest/node';
import { demoPhotosAsText } from './demo-photos';

/** Once per API run: the demo photos every seeded test app stores, drawn here instead of once per test file. */
export default async function setup(project: TestProject) {
  project.provide('demoPhotos', await demoPhotosAsText());
}
