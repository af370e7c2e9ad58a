/** One slide of the welcome tutorial. */
export interface TutorialSlide {
  id: 'intro' | 'search' | 'keyboard';
  title: string;
  paragraphs: readonly string[];
  /** Keys and what they do, for the keyboard slide. */
  keys?: readonly (readonly [keys: string, action: string])[];
}

/** The tutorial's three slides (spec section 2): intro, search bar, keyboard navigation. */
export const TUTORIAL_CONTENT: readonly TutorialSlide[] = [
  {
    id: 'intro',
    title: 'Welcome to Coffer',
    paragraphs: [
      'Coffer keeps your team’s passwords, phone numbers, addresses and notes as secrets, grouped in chests.',
      'Chests are shared with teams. Every secret is encrypted in your browser before it is saved, so only the people it is shared with can read it.',
    ],
  },
  {
    id: 'search',
    title: 'Find anything with the search bar',
    paragraphs: [
      'The search bar at the top of your dashboard finds secrets by name, or chests on the Chests tab.',
      'Results update shortly after you stop typing. Click the logo to clear the search and start again.',
    ],
  },
  {
    id: 'keyboard',
    title: 'Move around with the keyboard',
    paragraphs: ['Almost everything has a shortcut. Shortcuts pause while you type in a field.'],
    keys: [
      ['I', 'Focus the search bar'],
      ['↑ ↓ and Enter', 'Move between rows and open one'],
      ['→', "Open a row's options menu"],
      ['Shift + ← →', 'Switch between Secrets and Chests'],
      ['Shift + N', 'Add a secret'],
      ['Shift + H', 'Show every shortcut'],
    ],
  },
];
