export { refuseProductionMode } from './development-only.ts';
/** The kinds of variable a config schema is built from: `field.port(3000)`, `field.optionalText`, … */
export * as field from './fields.ts';
export { ConfigurationError, parseEnvironment } from './parse-environment.ts';
export { readTlsFiles, type TlsCredentials } from './tls-files.ts';
export {
  defaultValue,
  type ProductionGroup,
  type Reader,
  type Variable,
  type VariableName,
  variables,
} from './variables.ts';
