// Shoelace's equivalent of the kit's elements, for the bench's size rows: a dialog, a button, a
// radio group with its radios and a textarea, bundled with lit as the kit's standalone file is
// (its theme's CSS, which the components need, is measured beside it).
import '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import '@shoelace-style/shoelace/dist/components/button/button.js';
import '@shoelace-style/shoelace/dist/components/radio-group/radio-group.js';
import '@shoelace-style/shoelace/dist/components/radio/radio.js';
import '@shoelace-style/shoelace/dist/components/textarea/textarea.js';
