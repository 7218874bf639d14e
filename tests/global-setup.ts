import type { TestProject } from "vitest/node";
import { openDatabase } from "../api/db/connection";
import { migrateToLatest } from "../api/db/migrate";
import { seedDemo } from "../api/db/seed";
import {
  createTemplateDatabase,
  dropTemplateDatabase,
  newTemplateLocation,
  templateUrl,
} from "./support/databases";

declare module "vitest" {
  export interface ProvidedContext {
    templateLocation: string;
  }
}

/** Migrates and seeds one template database per run; each test file copies it. */
export default async function setup(project: TestProject) {
  const location = newTemplateLocation();
  await createTemplateDatabase(location);
  const db = openDatabase(templateUrl(location));
  try {
    await migrateToLatest(db);
    await seedDemo(db);
  } finally {
    await db.close();
  }
  project.provide("templateLocation", location);
  return async () => {
    await dropTemplateDatabase(location);
  };
}
