import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only unmounts automatically when test globals are enabled; this project imports them explicitly.
afterEach(() => cleanup());
