/**
 * The project's `prepack`: the project is never packed as it stands (its manifest holds the site's
 * toolchain and scripts whose files are not in the package). Says what to run instead, on standard error.
 */
process.stderr.write(
  'sunset-register is packed from its staged folder, with the published package.json: run npm run package ' +
    '(a tarball) or npm run release (a release tag)\n',
);
process.exit(1);
