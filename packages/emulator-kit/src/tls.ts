/**
 * The variables naming the PEM files of a certificate and its key (relative to the repository, like
 * DATA_DIR) with which an emulator serves https: the same two for every emulator.
 */
export const emulatorTlsFiles = {
  certFile: 'EMULATOR_TLS_CERT_FILE',
  keyFile: 'EMULATOR_TLS_KEY_FILE',
};
