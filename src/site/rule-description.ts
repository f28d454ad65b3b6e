import type { DetectRule } from '../schemas/detect-rule.ts';

/** One line saying what a detection rule looks for, for entry pages. */
export function describeRule(rule: DetectRule): string {
  switch (rule.kind) {
    case 'ci-variable':
      return `CI/CD variable \`${rule.name}\`${rule.value !== undefined ? ` set to \`${rule.value}\`` : ''}`;
    case 'ci-variable-unset':
      return `CI configuration that uses ${rule.when.map((literal) => `\`${literal}\``).join(' or ')} without setting \`${rule.name}\``;
    case 'ci-job-key-unset':
      return `CI jobs that have \`${rule.uses}\` but no \`${rule.key}\``;
    case 'ci-keyword':
      return `CI configuration key \`${rule.path}\`${rule.value !== undefined ? ` with value \`${rule.value}\`` : ''}${rule.context ? ` in files that name ${rule.context.map((literal) => `\`${literal}\``).join(' or ')}` : ''}`;
    case 'yaml-key':
      return `YAML key \`${rule.path}\` in ${[...(rule.files ?? []).map((file) => `\`${file}\``), ...(rule.shapes ?? []).map((shape) => `any ${shape.replace('-', ' ')} file`)].join(', ')}`;
    case 'graphql':
      return `GraphQL ${rule.element} \`${rule.name}\`${rule.parent ? ` on \`${rule.parent}\`` : ''}`;
    case 'rest':
      return `REST request ${rule.method ?? 'to'} \`${rule.path}\`${rule.params ? ` with ${rule.params.map((param) => `\`${param}\``).join(' and ')}` : ''}`;
    case 'cli-flag':
      return `command-line flag \`${rule.flag}\` of \`${rule.command}\``;
    case 'api-client':
      // A call written as alternatives (`GetX|ChangeX`) reads as one of them, each its own code.
      return `${
        rule.call
          ? `the call ${rule.call
              .split('|')
              .map((call) => `\`${call}\``)
              .join(' or ')}`
          : `the field \`${rule.fields?.[0] ?? ''}\``
      } through ${rule.client}${rule.call && rule.fields ? ` with ${rule.fields.map((field) => `\`${field}\``).join(' and ')}` : ''}${rule.any_fields ? ` with any of ${rule.any_fields.map((field) => `\`${field}\``).join(', ')}` : ''}`;
    case 'omnibus-setting':
      return `Omnibus setting \`${rule.setting}\`${rule.value !== undefined ? ` set to \`${rule.value}\`` : ''} in \`gitlab.rb\``;
    case 'chart-value':
      return `value \`${rule.path}\`${rule.value !== undefined ? ` set to \`${rule.value}\`` : ''} of the \`${rule.chart}\` Helm chart`;
    case 'env-var':
      return `environment variable \`${rule.name}\`${rule.value !== undefined ? ` set to \`${rule.value}\`` : ''} for \`${rule.command}\``;
    case 'config-module':
      return `${rule.arguments.map((argument) => `\`${argument}\``).join(' or ')} of ${rule.tool === 'ansible' ? 'the Ansible module' : 'the Terraform resource or module'} \`${rule.module.split('|')[0]}\``;
    case 'text':
      return `the text \`${rule.literal}\`${rule.files ? ` in ${rule.files.map((file) => `\`${file}\``).join(', ')}` : ''}`;
  }
}
