// The adapters run on the server only: they use Node's fetch, crypto and http. The package's tsconfig loads no
// type libraries by default, so this file brings Node's in for the package's own type check.
/// <reference types="node" />
