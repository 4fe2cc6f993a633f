// Writes the run's demo database (support/database.ts) to the file named by its argument.
import { writeTemplate } from './database.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: make-template.ts <file>');
await writeTemplate(file);
