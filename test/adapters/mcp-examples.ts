// The example requests of the MCP specification's elicitation page (revision 2025-11-25), and
// one schema holding every property example of its "Requested Schema" section.

export const SIMPLE_TEXT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Please provide your GitHub username',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
} as const;

export const STRUCTURED = {
  jsonrpc: '2.0',
  id: 2,
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Please provide your contact information',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Your full name' },
        email: { type: 'string', format: 'email', description: 'Your email address' },
        age: { type: 'number', minimum: 18, description: 'Your age' },
      },
      required: ['name', 'email'],
    },
  },
} as const;

export const URL_MODE = {
  jsonrpc: '2.0',
  id: 3,
  method: 'elicitation/create',
  params: {
    mode: 'url',
    elicitationId: '550e8400-e29b-41d4-a716-446655440000',
    url: 'https://mcp.example.com/ui/set_api_key',
    message: 'Please provide your API key to continue.',
  },
} as const;

export const COMPLETE = {
  jsonrpc: '2.0',
  method: 'notifications/elicitation/complete',
  params: { elicitationId: '550e8400-e29b-41d4-a716-446655440000' },
} as const;

/** Every property example of the section, under one schema (no mode: form is the default). */
export const EVERY_KIND = {
  jsonrpc: '2.0',
  id: 'every-kind',
  method: 'elicitation/create',
  params: {
    message: 'Every field kind of the specification',
    requestedSchema: {
      type: 'object',
      properties: {
        // The string example's keywords, split so that a value can satisfy them all.
        display: { type: 'string', title: 'Display Name', description: 'Description text', minLength: 3, maxLength: 50, format: 'email', default: 'user@example.com' },
        handle: { type: 'string', title: 'Handle', minLength: 3, maxLength: 50, pattern: '^[A-Za-z]+$' },
        amount: { type: 'number', title: 'Display Name', description: 'Description text', minimum: 0, maximum: 100, default: 50 },
        agree: { type: 'boolean', title: 'Display Name', description: 'Description text', default: false },
        color: { type: 'string', title: 'Color Selection', description: 'Choose your favorite color', enum: ['Red', 'Green', 'Blue'], default: 'Red' },
        hex: {
          type: 'string',
          title: 'Color Selection',
          description: 'Choose your favorite color',
          oneOf: [
            { const: '#FF0000', title: 'Red' },
            { const: '#00FF00', title: 'Green' },
            { const: '#0000FF', title: 'Blue' },
          ],
          default: '#FF0000',
        },
        colors: { type: 'array', title: 'Color Selection', description: 'Choose your favorite colors', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['Red', 'Green', 'Blue'] }, default: ['Red', 'Green'] },
        hexes: {
          type: 'array',
          title: 'Color Selection',
          description: 'Choose your favorite colors',
          minItems: 1,
          maxItems: 2,
          items: {
            anyOf: [
              { const: '#FF0000', title: 'Red' },
              { const: '#00FF00', title: 'Green' },
              { const: '#0000FF', title: 'Blue' },
            ],
          },
          default: ['#FF0000', '#00FF00'],
        },
        legacy: { type: 'string', title: 'Legacy titled enum', enum: ['s', 'm', 'l'], enumNames: ['Small', 'Medium', 'Large'] },
        when: { type: 'string', title: 'When', format: 'date-time' },
        day: { type: 'string', title: 'Day', format: 'date' },
        site: { type: 'string', title: 'Site', format: 'uri' },
        count: { type: 'integer', title: 'Count', minimum: 1, maximum: 9 },
      },
      required: ['display', 'color', 'colors'],
    },
  },
} as const;
