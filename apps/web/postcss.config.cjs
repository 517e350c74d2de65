/** Mantine's PostCSS preset: rem(), light/dark and hover mixins in the app's CSS modules. */
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
