// The shell scripts of ./scripts, imported as their text (esbuild's text loader in scripts/build.mjs,
// a plugin in vitest.config.ts).
declare module '*.bash' {
  const text: string;
  export default text;
}
declare module '*.zsh' {
  const text: string;
  export default text;
}
declare module '*.fish' {
  const text: string;
  export default text;
}
