// An AskUserQuestion input using every field of the tool's shape.
import type { AskUserQuestionInput } from '../../src/adapters/ask-user-question.js';

export const ASK: AskUserQuestionInput = {
  questions: [
    {
      question: 'Which database should the service use?',
      header: 'Database',
      options: [
        { label: 'PostgreSQL (Recommended)', description: 'Relational, already in the stack' },
        { label: 'SQLite', description: 'One file, no server' },
      ],
      multiSelect: false,
    },
    {
      question: 'Which features should ship first?',
      header: 'Features',
      options: [
        { label: 'Search', description: 'Full-text search' },
        { label: 'Export', description: 'CSV and JSON export' },
        { label: 'Sharing', description: 'Share links' },
      ],
      multiSelect: true,
    },
  ],
};
