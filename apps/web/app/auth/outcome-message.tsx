/**
 * An alert's text. A weak-password message carries the provider's policy, one '* rule' per line
 * ('Your password must be: * At least 8 characters…\n* Contain…'); each rule gets its own line.
 */
export function OutcomeMessage({ message }: { message: string }) {
  return <span className="whitespace-pre-line">{message.replace(/:\s*\*\s/, ':\n* ')}</span>;
}
