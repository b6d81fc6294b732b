// Mantine's breakpoints as variables for our CSS modules. Mantine's PostCSS preset is not used: none
// of our styles needs its mixins, and its mixins plugin made every build warn about a missing `from`.
module.exports = {
  plugins: {
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '36em',
        'mantine-breakpoint-sm': '48em',
        'mantine-breakpoint-md': '62em',
        'mantine-breakpoint-lg': '75em',
        'mantine-breakpoint-xl': '88em',
      },
    },
  },
};
