// Property tests run with fixed seeds, printed so that a failure can be replayed. `domain` compiles without a
// runtime's type library, so the console the test runner provides is declared here.
declare const console: { log(message: string): void };

/** fast-check run parameters for a fixed seed; prints the seed. */
export function fixedSeed(seed: number, numRuns: number): { seed: number; numRuns: number } {
  console.log(`fast-check seed ${seed}`);
  return { seed, numRuns };
}
