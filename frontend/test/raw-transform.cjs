// Loads a file as a string, as Vite's `?raw` import does.
module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(source)};` };
  },
};
