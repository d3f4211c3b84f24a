// Makes jest-dom's matchers (toBeInTheDocument, toHaveAttribute, …) known to the type checker in test files;
// vitest.setup.ts registers them at run time.
import '@testing-library/jest-dom/vitest';
