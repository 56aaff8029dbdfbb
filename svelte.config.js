// Svelte 5 strips TypeScript types natively; runes everywhere.
export default {
  compilerOptions: { runes: true },
}
