// The theme presets (themes/*.css): each maps the kit's tokens onto the
// variables its design system already defines. Set those variables to known values and the cards
// show exactly them; with the design system's realistic values axe (contrast included) stays clean
// in light and dark; without the design system, every card looks as it does without the preset.
import { expect, fixture } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { FakeClock } from '../support/fake-clock.js';
import { ScriptedTransport } from '../support/scripted-transport.js';
import { hostHarness } from '../support/harness/host.js';
import { partIn } from '../support/harness/parts.js';
import {
  applyMcpHostContext,
  declarations,
  designSystemPage,
  MCP_HOST_VARIABLES,
  part,
  PRESETS,
  renderCards,
  resetPage,
  useStyle,
  useStylesheet,
  type Cards,
  type Preset,
  type Vars,
} from './support.js';

const preset = (name: Preset) => useStylesheet(`/themes/${name}.css`);

/** What the page shows of the tokens: [element, part, CSS property]. */
const LOOKS = [
  ['low', 'card', 'background-color'],
  ['low', 'card', 'border-top-color'],
  ['low', 'card', 'border-top-left-radius'],
  ['low', 'card', 'font-family'],
  ['low', 'title', 'color'],
  ['low', 'approve-button', 'background-color'],
  ['low', 'approve-button', 'color'],
  ['low', 'approve-button', 'border-top-left-radius'],
  ['low', 'reject-button', 'border-top-color'],
  ['low', 'countdown', 'color'],
  ['low', 'countdown', 'background-color'],
  ['high', 'approve-button', 'background-color'],
  ['high', 'approve-button', 'color'],
  ['high', 'countdown', 'color'],
  ['high', 'countdown', 'background-color'],
  ['high', 'requester', 'color'],
  ['form', 'error', 'color'],
  ['form', 'submit-button', 'background-color'],
] as const;

type Look = `${(typeof LOOKS)[number][0]} ${(typeof LOOKS)[number][1]} ${(typeof LOOKS)[number][2]}`;

function looks(cards: Cards): Record<Look, string> {
  const out = {} as Record<Look, string>;
  for (const [card, name, property] of LOOKS) out[`${card} ${name} ${property}`] = getComputedStyle(part(cards[card], name)).getPropertyValue(property);
  return out;
}

/** Known values for each design system's variables, and what the cards must show with them. */
const KNOWN: Record<Preset, { vars: Vars; expect: Partial<Record<Look, string>> }> = {
  'mcp-apps': {
    vars: {
      '--color-background-primary': 'rgb(250, 249, 245)',
      '--color-text-primary': 'rgb(20, 20, 19)',
      '--color-text-secondary': 'rgb(61, 61, 58)',
      '--color-border-primary': 'rgb(200, 198, 190)',
      '--color-border-secondary': 'rgb(150, 148, 140)',
      '--color-background-inverse': 'rgb(30, 30, 28)',
      '--color-text-inverse': 'rgb(255, 255, 254)',
      '--color-text-danger': 'rgb(127, 44, 40)',
      '--color-background-danger': 'rgb(247, 236, 236)',
      '--color-text-warning': 'rgb(90, 72, 21)',
      '--color-background-warning': 'rgb(246, 238, 223)',
      '--border-radius-lg': '10px',
      '--border-radius-md': '7px',
      '--font-sans': 'Georgia, serif',
    },
    expect: {
      'low card background-color': 'rgb(250, 249, 245)',
      'low card border-top-color': 'rgb(200, 198, 190)',
      'low card border-top-left-radius': '10px',
      'low card font-family': 'Georgia, serif',
      'low title color': 'rgb(20, 20, 19)',
      'low approve-button background-color': 'rgb(30, 30, 28)',
      'low approve-button color': 'rgb(255, 255, 254)',
      'low approve-button border-top-left-radius': '7px',
      'low reject-button border-top-color': 'rgb(150, 148, 140)',
      'low countdown color': 'rgb(90, 72, 21)',
      'low countdown background-color': 'rgb(246, 238, 223)',
      'high approve-button background-color': 'rgb(127, 44, 40)',
      'high approve-button color': 'rgb(255, 255, 254)',
      'high countdown color': 'rgb(127, 44, 40)',
      'high countdown background-color': 'rgb(247, 236, 236)',
      'high requester color': 'rgb(61, 61, 58)',
      'form error color': 'rgb(127, 44, 40)',
      'form submit-button background-color': 'rgb(30, 30, 28)',
    },
  },
  material: {
    vars: {
      '--md-sys-color-surface': 'rgb(254, 247, 255)',
      '--md-sys-color-on-surface': 'rgb(29, 27, 32)',
      '--md-sys-color-on-surface-variant': 'rgb(73, 69, 79)',
      '--md-sys-color-outline-variant': 'rgb(202, 196, 208)',
      '--md-sys-color-outline': 'rgb(121, 116, 126)',
      '--md-sys-color-primary': 'rgb(103, 80, 164)',
      '--md-sys-color-on-primary': 'rgb(255, 255, 255)',
      '--md-sys-color-error': 'rgb(179, 38, 30)',
      '--md-sys-color-on-error': 'rgb(255, 255, 254)',
      '--md-sys-color-error-container': 'rgb(249, 222, 220)',
      '--md-sys-shape-corner-medium': '12px',
      '--md-sys-shape-corner-small': '6px',
      '--md-ref-typeface-plain': 'Roboto, sans-serif',
    },
    expect: {
      'low card background-color': 'rgb(254, 247, 255)',
      'low card border-top-color': 'rgb(202, 196, 208)',
      'low card border-top-left-radius': '12px',
      'low card font-family': 'Roboto, sans-serif',
      'low title color': 'rgb(29, 27, 32)',
      'low approve-button background-color': 'rgb(103, 80, 164)',
      'low approve-button color': 'rgb(255, 255, 255)',
      'low approve-button border-top-left-radius': '6px',
      'low reject-button border-top-color': 'rgb(121, 116, 126)',
      'high approve-button background-color': 'rgb(179, 38, 30)',
      'high approve-button color': 'rgb(255, 255, 254)',
      'high countdown color': 'rgb(179, 38, 30)',
      'high countdown background-color': 'rgb(249, 222, 220)',
      'high requester color': 'rgb(73, 69, 79)',
      'form error color': 'rgb(179, 38, 30)',
      'form submit-button background-color': 'rgb(103, 80, 164)',
    },
  },
  'web-awesome': {
    vars: {
      '--wa-color-surface-default': 'rgb(255, 255, 254)',
      '--wa-color-surface-border': 'rgb(228, 229, 233)',
      '--wa-color-text-normal': 'rgb(27, 29, 38)',
      '--wa-color-text-quiet': 'rgb(84, 88, 104)',
      '--wa-form-control-border-color': 'rgb(145, 148, 162)',
      '--wa-color-brand-fill-loud': 'rgb(0, 113, 236)',
      '--wa-color-brand-on-loud': 'rgb(255, 255, 255)',
      '--wa-color-danger-fill-loud': 'rgb(220, 49, 70)',
      '--wa-color-danger-on-loud': 'rgb(255, 255, 253)',
      '--wa-color-danger-on-quiet': 'rgb(179, 5, 50)',
      '--wa-color-danger-fill-quiet': 'rgb(255, 240, 239)',
      '--wa-color-warning-on-quiet': 'rgb(125, 70, 0)',
      '--wa-color-warning-fill-quiet': 'rgb(255, 243, 228)',
      '--wa-panel-border-radius': '12px',
      '--wa-form-control-border-radius': '6px',
      '--wa-font-family-body': 'Inter, sans-serif',
    },
    expect: {
      'low card background-color': 'rgb(255, 255, 254)',
      'low card border-top-color': 'rgb(228, 229, 233)',
      'low card border-top-left-radius': '12px',
      'low card font-family': 'Inter, sans-serif',
      'low title color': 'rgb(27, 29, 38)',
      'low approve-button background-color': 'rgb(0, 113, 236)',
      'low approve-button color': 'rgb(255, 255, 255)',
      'low approve-button border-top-left-radius': '6px',
      'low reject-button border-top-color': 'rgb(145, 148, 162)',
      'low countdown color': 'rgb(125, 70, 0)',
      'low countdown background-color': 'rgb(255, 243, 228)',
      'high approve-button background-color': 'rgb(220, 49, 70)',
      'high approve-button color': 'rgb(255, 255, 253)',
      'high countdown color': 'rgb(179, 5, 50)',
      'high countdown background-color': 'rgb(255, 240, 239)',
      'high requester color': 'rgb(84, 88, 104)',
      'form error color': 'rgb(179, 5, 50)',
      'form submit-button background-color': 'rgb(0, 113, 236)',
    },
  },
  shadcn: {
    vars: {
      '--card': 'rgb(255, 255, 254)',
      '--card-foreground': 'rgb(10, 10, 10)',
      '--muted-foreground': 'rgb(82, 82, 82)',
      '--border': 'rgb(229, 229, 229)',
      '--input': 'rgb(212, 212, 212)',
      '--primary': 'rgb(23, 23, 23)',
      '--primary-foreground': 'rgb(250, 250, 250)',
      '--destructive': 'rgb(200, 20, 30)',
      '--destructive-foreground': 'rgb(255, 255, 253)',
      '--radius': '10px',
      '--font-sans': 'Geist, sans-serif',
    },
    expect: {
      'low card background-color': 'rgb(255, 255, 254)',
      'low card border-top-color': 'rgb(229, 229, 229)',
      'low card border-top-left-radius': '14px',
      'low card font-family': 'Geist, sans-serif',
      'low title color': 'rgb(10, 10, 10)',
      'low approve-button background-color': 'rgb(23, 23, 23)',
      'low approve-button color': 'rgb(250, 250, 250)',
      'low approve-button border-top-left-radius': '8px',
      'low reject-button border-top-color': 'rgb(212, 212, 212)',
      'high approve-button background-color': 'rgb(200, 20, 30)',
      'high approve-button color': 'rgb(255, 255, 253)',
      'high countdown background-color': 'color-mix(in oklab, rgb(200, 20, 30) 10%, rgb(255, 255, 254))',
      'high requester color': 'color-mix(in oklab, rgb(82, 82, 82) 90%, rgb(10, 10, 10))',
      'form error color': 'color-mix(in oklab, rgb(200, 20, 30) 80%, rgb(10, 10, 10))',
      'form submit-button background-color': 'rgb(23, 23, 23)',
    },
  },
};

/** Each design system with realistic values, in one scheme, as its own pages set it up. */
async function realistic(name: Preset, scheme: 'light' | 'dark'): Promise<void> {
  const page = designSystemPage(name, scheme);
  for (const href of page.stylesheets) await useStylesheet(href);
  if (page.css) useStyle(page.css);
  document.documentElement.classList.add(...page.rootClasses);
  page.setUpRoot?.(document.documentElement);
}

/** Each design system's surface and primary fill, to prove its realistic values are in effect. */
const SURFACE_AND_PRIMARY: Record<Preset, [string, string]> = {
  'mcp-apps': ['--color-background-primary', '--color-background-inverse'],
  material: ['--md-sys-color-surface', '--md-sys-color-primary'],
  'web-awesome': ['--wa-color-surface-default', '--wa-color-brand-fill-loud'],
  shadcn: ['--card', '--primary'],
};

/** A colour as the page computes it, in a scheme. */
function computed(value: string, scheme: string): string {
  const probe = document.createElement('div');
  probe.style.colorScheme = scheme;
  probe.style.backgroundColor = value;
  document.body.append(probe);
  const color = getComputedStyle(probe).backgroundColor;
  probe.remove();
  return color;
}

afterEach(resetPage);

for (const name of PRESETS) {
  describe(`themes/${name}.css`, () => {
    it('the cards show the design system\'s values: surface, text, border, corners, font, buttons, tones', async () => {
      const { vars, expect: expected } = KNOWN[name];
      useStyle(`:root { ${declarations(vars)} }`);
      await preset(name);
      const cards = await renderCards();
      const shown = looks(cards);
      const wanted = Object.keys(expected) as Look[];
      // A mix the preset makes of their values is compared as the page computes that mix.
      const resolved = Object.fromEntries(wanted.map((look) => [look, expected[look]!.startsWith('color-mix(') ? computed(expected[look]!, 'light') : expected[look]]));
      expect(Object.fromEntries(wanted.map((look) => [look, shown[look]]))).to.deep.equal(resolved);
    });

    it('without the design system\'s variables, every card looks as it does without the preset', async () => {
      const before = looks(await renderCards());
      resetPage();
      await preset(name);
      const after = looks(await renderCards());
      expect(after).to.deep.equal(before);
    });

    for (const scheme of ['light', 'dark'] as const) {
      it(`${scheme}, with realistic values: the cards take the scheme and axe finds nothing (contrast included)`, async () => {
        await realistic(name, scheme);
        await preset(name);
        const cards = await renderCards();
        expect(getComputedStyle(cards.low).colorScheme).to.equal(name === 'material' ? 'light dark' : scheme);
        const [surface, primary] = SURFACE_AND_PRIMARY[name];
        const kitDefaults = [computed(scheme === 'light' ? '#ffffff' : '#1c1f24', scheme), computed(scheme === 'light' ? '#2554d6' : '#8fb0ff', scheme)];
        const theirs = [computed(`var(${surface})`, scheme), computed(`var(${primary})`, scheme)];
        expect(theirs, 'the design system is in effect').to.not.deep.equal(kitDefaults);
        expect([getComputedStyle(part(cards.low, 'card')).backgroundColor, getComputedStyle(part(cards.low, 'approve-button')).backgroundColor]).to.deep.equal(theirs);
        await expect(cards.root).to.be.accessible();
      });
    }
  });
}

describe('a preset and the kit\'s own switches', () => {
  it('MCP Apps: data-theme="dark" from the host turns the light-dark() pairs dark, whatever the OS prefers', async () => {
    applyMcpHostContext(MCP_HOST_VARIABLES, 'dark');
    await preset('mcp-apps');
    const cards = await renderCards();
    expect(matchMedia('(prefers-color-scheme: dark)').matches).to.equal(false);
    expect(getComputedStyle(part(cards.low, 'card')).backgroundColor).to.equal('rgb(48, 48, 46)');
    expect(getComputedStyle(part(cards.low, 'title')).color).to.equal('rgb(250, 249, 245)');
  });

  it('theme="light" on a card still wins over the design system\'s dark switch', async () => {
    await realistic('shadcn', 'dark');
    await preset('shadcn');
    const cards = await renderCards();
    cards.low.setAttribute('theme', 'light');
    expect(getComputedStyle(cards.low).colorScheme).to.equal('light');
  });

  it('a token set on the element itself wins over the preset', async () => {
    applyMcpHostContext(MCP_HOST_VARIABLES, 'light');
    await preset('mcp-apps');
    useStyle('approval-dialog { --aik-radius: 3px; }');
    const cards = await renderCards();
    expect(getComputedStyle(part(cards.low, 'card')).borderTopLeftRadius).to.equal('3px');
  });
});

describe('a preset and <interaction-host>', () => {
  it('cards inside the host take the preset, in the host\'s scheme, and pass axe', async () => {
    await realistic('web-awesome', 'dark');
    await preset('web-awesome');
    const transport = new ScriptedTransport();
    const host = await fixture<InteractionHost>('<interaction-host locale="en"></interaction-host>');
    host.clock = new FakeClock();
    host.storage = new MemoryStorage();
    host.transport = transport;
    await host.updateComplete;
    transport.deliver(JSON.stringify({ v: 1, type: 'hello', session_id: 'themes' }));
    transport.deliver(JSON.stringify({ v: 1, type: 'tool_call', call_id: 'a', tool: 'request_user_approval', arguments: { message: 'Deploy?', severity: 'low' } }));
    const card = await new Promise<Element>((resolve) => {
      const look = () => {
        const found = hostHarness(host).find('approval-dialog');
        if (found?.shadowRoot && partIn(found.shadowRoot, 'approve-button')) resolve(found);
        else requestAnimationFrame(look);
      };
      look();
    });
    expect(getComputedStyle(card).colorScheme).to.equal('dark');
    expect(getComputedStyle(part(card, 'approve-button')).backgroundColor).to.equal(computed('var(--wa-color-brand-fill-loud)', 'dark'));
    expect(getComputedStyle(part(card, 'card')).backgroundColor).to.equal(computed('var(--wa-color-surface-default)', 'dark'));
    await expect(host).to.be.accessible();
  });
});
