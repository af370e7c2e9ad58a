// The corpus of pages the form detection is tested on: small HTML written the way sites write them.
// Each is mounted into jsdom's document with mountPage; test-geometry.ts lays them out.

/** A classic form with autocomplete hints. */
export const PLAIN_FORM = `
  <form id="login" action="/session" method="post">
    <label for="user">Email</label><input id="user" name="email" type="email" autocomplete="username">
    <label for="pass">Password</label><input id="pass" name="password" type="password" autocomplete="current-password">
    <label><input type="checkbox" name="remember"> Remember me</label>
    <button type="submit">Sign in</button>
  </form>`;

/** A form without hints, whose username field is named "field1" (the field right before the password). */
export const UNHINTED_FORM = `
  <form action="/login.php">
    <input name="field1" type="text">
    <input name="field2" type="password">
    <input type="submit" value="Log in">
  </form>`;

/** Inputs outside any form, the sign-in done by a script on the button's click. */
export const FORMLESS = `
  <header><input type="search" name="q" placeholder="Search"></header>
  <section class="login-box">
    <input id="login-name" type="text" placeholder="Username">
    <input id="login-secret" type="password" placeholder="Password">
    <div role="button" id="go">Log in</div>
  </section>`;

/** First page of a two-step sign-in: the username alone. */
export const TWO_STEP_USERNAME = `
  <form id="identifier" action="/signin/identifier">
    <h1>Sign in</h1>
    <input id="identifierId" type="email" name="identifier" autocomplete="username">
    <button type="button">Create account</button>
    <button type="submit">Next</button>
  </form>`;

/** Second page of a two-step sign-in: the password, the username kept hidden for password managers. */
export const TWO_STEP_PASSWORD = `
  <form id="challenge" action="/signin/challenge">
    <input type="email" name="identifier" autocomplete="username" value="ann@example.com" hidden>
    <p>ann@example.com</p>
    <input id="pw" type="password" name="Passwd" autocomplete="current-password">
    <button type="submit">Next</button>
  </form>`;

/** A sign-up form: a username and a new password twice, without hints. */
export const SIGN_UP = `
  <form id="register" action="/signup">
    <input name="username" type="text" placeholder="Choose a username">
    <input name="password" type="password" placeholder="Password">
    <input name="password_confirm" type="password" placeholder="Confirm password">
    <button>Create account</button>
  </form>`;

/** A sign-up form and a sign-in form side by side: only the sign-in is filled. */
export const SIGN_UP_AND_SIGN_IN = `
  ${SIGN_UP}
  <form id="signin" action="/login">
    <input name="login" type="text">
    <input name="pass" type="password">
    <button>Log in</button>
  </form>`;

/** Changing a password: the current one is marked, the new ones too. */
export const CHANGE_PASSWORD = `
  <form id="change" action="/password">
    <input name="current" type="password" autocomplete="current-password">
    <input name="new" type="password" autocomplete="new-password">
    <input name="again" type="password" autocomplete="new-password">
    <button>Change password</button>
  </form>`;

/** A page whose only field is a search box. */
export const SEARCH_ONLY = `
  <form role="search" action="/search"><input type="text" name="q" aria-label="Search"><button>Go</button></form>`;

/** A newsletter form: an e-mail field that is no sign-in. */
export const NEWSLETTER = `
  <footer><form class="newsletter" action="/subscribe">
    <label>Your e-mail <input type="email" name="email"></label>
    <button>Subscribe</button>
  </form></footer>`;

/** A one-time code step: no username, no password. */
export const ONE_TIME_CODE = `
  <form action="/verify"><input name="code" type="text" autocomplete="one-time-code" inputmode="numeric">
  <button>Verify</button></form>`;

/** A sign-in form made transparent and laid under a lure the user thinks they click. */
export const TRANSPARENT_OVERLAID_FORM = `
  <div id="lure" data-box="0,0,1024,768"><button>Claim your prize</button></div>
  <form id="trap" style="opacity: 0; position: absolute; top: 0; left: 0">
    <input name="username" type="text" autocomplete="username">
    <input name="password" type="password" autocomplete="current-password">
  </form>`;

/** A sign-in form nearly transparent through its ancestors (0.3 × 0.2 = 0.06). */
export const FAINT_FORM = `
  <div style="opacity: 0.3"><form style="opacity: 0.2">
    <input name="username" type="text" autocomplete="username">
    <input name="password" type="password" autocomplete="current-password">
  </form></div>`;

/** A sign-in form pushed off the page. */
export const OFF_SCREEN_FORM = `
  <form id="away" style="position: absolute; left: -9999px">
    <input name="username" type="text" autocomplete="username" data-box="-9999,100,240,32">
    <input name="password" type="password" autocomplete="current-password" data-box="-9999,148,240,32">
  </form>`;

/** A visible form whose fields a lure of another element covers (the lure is on top at their centres). */
export const COVERED_FORM = `
  <form id="under">
    <input name="username" type="text" autocomplete="username">
    <input name="password" type="password" autocomplete="current-password">
  </form>
  <div id="cover" data-box="0,0,1024,768" style="position: fixed; inset: 0">Watch the video</div>`;

/** A visible sign-in form plus hidden copies of its fields, there to harvest what a manager fills. */
export const HIDDEN_HARVEST_FIELDS = `
  <form id="visible">
    <input id="u" name="username" type="text" autocomplete="username">
    <input id="p" name="password" type="password" autocomplete="current-password">
    <input id="h1" name="address" type="text" style="display: none">
    <input id="h2" name="password2" type="password" style="visibility: hidden">
    <input id="h3" name="cc" type="password" data-box="100,900,1,1" style="width: 1px; height: 1px; padding: 0; border: 0">
  </form>`;

/** A page with an iframe (same-origin in jsdom); the frame holds the sign-in form. */
export const PAGE_WITH_FRAME = `<h1>Welcome</h1><iframe id="frame" title="Sign in"></iframe>`;

/** Puts a corpus page into the document, replacing what was there. */
export function mountPage(html: string, doc: Document = document): Document {
  doc.body.innerHTML = html;
  return doc;
}
