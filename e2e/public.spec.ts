import { expect, test, type Locator } from './fixtures';
import { DEMO_PASSWORD, signIn } from './helpers';

/** How far the slider's cards have moved left (they move by a transform of their track). */
const trackOffset = (slider: Locator) =>
  slider.evaluate(
    (el) => Math.round(-new DOMMatrixReadOnly(getComputedStyle(el.firstElementChild!).transform).m41) + 0,
  );

/** How many cards the slider's left edge cuts through: stopped, the first card shown is whole. */
const cutCards = (slider: Locator) =>
  slider.evaluate((el) => {
    const left = el.getBoundingClientRect().left;
    return [...el.querySelectorAll('figure')].filter((card) => {
      const r = card.getBoundingClientRect();
      return r.left < left - 1 && r.right > left + 1;
    }).length;
  });

test.describe('the shell', () => {
  test('top bar links, cart, search and the scrolled style', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['About', '/about'],
      ['Courses', '/courses'],
      ['Contact', '/contact'],
    ]) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(main.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/signin');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/signup',
    );

    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('height', '75px');
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveCSS('height', '65px');

    // Every route change scrolls back to the top.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy', exact: true }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header).toHaveCSS('height', '75px');

    const search = page.getByRole('searchbox', { name: 'Search courses' });
    await expect(search).toHaveAttribute('placeholder', 'Looking for a course?');
    await search.fill('competitions');
    await expect(page.getByText('1 course found')).toBeAttached();
    await page
      .getByRole('list', { name: 'Matching courses' })
      .getByRole('link', { name: /Math Competitions/ })
      .click();
    await expect(page).toHaveURL(/\/offerings\/math-competitions$/);
    await search.fill('calculus on mars');
    await expect(page.getByText('No courses match “calculus on mars”.')).toBeVisible();
    await search.fill('MAP test');
    await expect(page.getByText('1 course found')).toBeAttached();
    await search.press('Enter');
    await expect(page).toHaveURL(/\/offerings\/map-test-prep$/);

    await page.getByRole('link', { name: 'Cart, 0 items' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('You have nothing in your shopping cart')).toBeVisible();
    await expect(page.getByRole('link', { name: 'GET THE COURSE NOW' })).toBeVisible();
    await page.goto('/shopping-cart');
    await expect(page.getByText('You have nothing in your shopping cart')).toBeVisible();
  });

  test('resting just past the threshold (55 px) the top bar keeps one height and the page stays where it is', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveCSS('height', '75px');
    await page.evaluate(() => window.scrollTo({ top: 55, behavior: 'instant' }));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    // Every frame for a second, once the bar's own transition has had time to finish: a bar whose shrinking moves
    // the page under the threshold grows back, and so on, frame after frame.
    await page.waitForTimeout(500);
    const samples = await page.evaluate(
      () =>
        new Promise<Array<{ height: number; scrollY: number; scrolled: string | null }>>((resolve) => {
          const bar = document.querySelector('header')!;
          const seen: Array<{ height: number; scrollY: number; scrolled: string | null }> = [];
          const end = performance.now() + 1000;
          const sample = () => {
            seen.push({
              height: bar.getBoundingClientRect().height,
              scrollY: window.scrollY,
              scrolled: bar.getAttribute('data-scrolled'),
            });
            if (performance.now() < end) requestAnimationFrame(sample);
            else resolve(seen);
          };
          requestAnimationFrame(sample);
        }),
    );
    expect(samples.length).toBeGreaterThan(10);
    expect(new Set(samples.map((s) => s.height))).toEqual(new Set([65]));
    expect(new Set(samples.map((s) => s.scrollY))).toEqual(new Set([55]));
    expect(new Set(samples.map((s) => s.scrolled))).toEqual(new Set(['true']));
  });

  test('below 768 px the menu opens over the page and locks its scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('a subscribe typed or clicked while the form is still loading is not lost', async ({ page }) => {
    // The form's code arrives late, as on a slow phone: the stand-in takes no click and no typing meanwhile.
    await page.route(/\/assets\/SubscribeForm-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Email is required')).toBeVisible();
    await footer.getByPlaceholder('Enter your email to get our latest updates').fill('not an email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Please enter a valid email address')).toBeVisible();
  });

  test('the footer: link columns, mail link, social links, Trusted By, legal pages and the subscribe box', async ({
    page,
  }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    for (const title of ['About Us', 'Our Courses', 'For Students', 'For Parents', 'Resources']) {
      await expect(footer.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'hello@mathacademy.ca' })).toHaveAttribute(
      'href',
      'mailto:hello@mathacademy.ca',
    );
    for (const name of ['Facebook', 'Instagram', 'YouTube', 'LinkedIn'])
      await expect(footer.getByRole('link', { name })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Trusted By' })).toBeVisible();
    await expect(footer.getByRole('img', { name: /K-12 Learning Alliance/ })).toBeVisible();

    const email = footer.getByPlaceholder('Enter your email to get our latest updates');
    await expect(email).toHaveAttribute('type', 'email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Email is required')).toBeVisible();
    await email.fill('not an email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Please enter a valid email address')).toBeVisible();
    await email.fill('reader@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Thank you for subscribing! Watch your inbox for our latest updates.')).toBeVisible();
    await expect(email).toHaveValue('');

    await footer.getByRole('link', { name: 'Terms', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Terms of Use' })).toBeVisible();
    // A link to a section of the landing page lands on that section.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Book a Consultation' }).click();
    await expect(page).toHaveURL(/\/#booking$/);
    await expect(page.getByRole('form', { name: 'Book a free consultation' })).toBeInViewport();
  });
});

test.describe('the landing page', () => {
  test("is served with its page's styles named, and a first-visit page that is not drawn with its scripts too", async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/HomePage-[\w-]+\.css">/);
    // Drawn already: its page's scripts leave the line to its styles.
    expect(/<link rel="modulepreload"[^>]*HomePage-/.test(html)).toBe(false);
    expect(await (await request.get('/signin')).text()).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/SignInPage-[\w-]+\.js">/,
    );
    // Any other address gets the plain index.html, which names only the first script.
    expect(await (await request.get('/about')).text()).not.toContain('HomePage-');
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Math that clicks, from kindergarten to grade 12' }),
    ).toBeVisible();
  });

  test('is drawn before any script runs, and the browser takes the drawn page over without drawing it again', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('<h1>Math that clicks, from kindergarten to grade 12</h1>');
    // One script, the app's own: nothing inline (the CSP allows none) and no part left for a script to finish.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<template');

    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('401')) problems.push(message.text());
    });
    let releaseScript = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Math that clicks, from kindergarten to grade 12' });
    await expect(heading).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await heading.evaluate((el) => (el.dataset.drawnBy = 'build'));

    releaseScript();
    // Running: the testimonials move, and a link opens its page without loading the document again.
    const slider = page.getByRole('region', { name: /Testimonials from families/ });
    await expect.poll(() => trackOffset(slider)).toBeGreaterThan(5);
    await expect(heading).toHaveAttribute('data-drawn-by', 'build');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("drawn for a visitor, it becomes the signed-in user's once the auth check answers", async ({ page }) => {
    await signIn(page, 'student@demo.academy', DEMO_PASSWORD);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });

  test('hero, course cards, grades, mission, testimonials and the booking form', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Math that clicks, from kindergarten to grade 12');
    const offerings = page.getByRole('region', { name: 'Preparation for every test and contest' });
    for (const title of [
      'SSAT Prep',
      'MAP Test Prep',
      'AMC 8 Prep',
      'MATHCOUNTS',
      'Math Competitions',
      'Elementary Math',
      'Elementary Standardized Test Prep',
      'Mock Test Additional Package',
    ]) {
      await expect(offerings.getByRole('heading', { name: title, exact: true })).toBeVisible();
    }
    const prices = (await offerings.getByText(/^\$\d+$/).allTextContents()).map((p) => Number(p.slice(1)));
    expect(prices).toHaveLength(8);
    for (const price of prices) expect(price >= 299 && price <= 599).toBe(true);
    const grades = page.getByRole('region', { name: 'From kindergarten to grade 12' }).getByRole('link');
    await expect(grades).toHaveCount(13);
    await expect(grades.first()).toHaveText(/Kindergarten/);
    await expect(grades.last()).toHaveText(/Grade 12/);
    await expect(
      page.getByRole('heading', { name: 'Confident problem solvers, not just good test takers' }),
    ).toBeVisible();

    // Visibility tracking: the mission and quote sections are marked once they have been seen.
    await expect(page.locator('#hero')).toHaveAttribute('data-seen', 'true');
    await expect(page.locator('#quote')).toHaveAttribute('data-seen', 'false');
    await page.locator('#mission').scrollIntoViewIfNeeded();
    await expect(page.locator('#mission')).toHaveAttribute('data-seen', 'true');

    // The slider moves by itself, pauses under the pointer, and reports its most visible testimonial.
    const slider = page.getByRole('region', { name: /Testimonials from families/ });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.locator('figure')).toHaveCount(6);
    await expect(slider.locator('figure[aria-hidden="true"]')).toHaveCount(2);
    const start = await trackOffset(slider);
    await expect.poll(() => trackOffset(slider)).toBeGreaterThan(start + 5);
    await slider.hover();
    // Stopped, it settles on a card's edge: the card being read is whole inside the slider.
    await page.waitForTimeout(400);
    const paused = await trackOffset(slider);
    await page.waitForTimeout(400);
    expect(await trackOffset(slider)).toBe(paused);
    expect(await cutCards(slider)).toBe(0);
    await expect(page.locator('[data-featured-testimonial]')).toBeAttached();

    await page.getByRole('link', { name: 'Get Started' }).nth(1).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('the booking form checks each field, then stores the request and confirms it', async ({ page }) => {
    await page.goto('/#booking');
    const form = page.getByRole('form', { name: 'Book a free consultation' });
    await form.scrollIntoViewIfNeeded();
    await expect(page.locator('#quote')).toHaveAttribute('data-seen', 'true');
    await form.getByRole('button', { name: 'BOOK NOW' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Phone number is required')).toBeVisible();
    await form.getByLabel('Name').fill('Ada Park');
    await form.getByLabel('Email').fill('ada@');
    await form.getByLabel('Phone').pressSequentially('60455501');
    await form.getByRole('button', { name: 'BOOK NOW' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await expect(form.getByText('Please enter a valid phone number in format: (123) 456-7890')).toBeVisible();
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Phone').fill('');
    await form.getByLabel('Phone').pressSequentially('6045550142');
    await expect(form.getByLabel('Phone')).toHaveValue('(604) 555-0142');
    await form.getByRole('button', { name: 'BOOK NOW' }).click();
    await expect(
      form.getByText('Thank you! Your booking request has been received. We will contact you within one business day.'),
    ).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
  });

  test('under prefers-reduced-motion the slider stays still', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const slider = page.getByRole('region', { name: /Testimonials from families/ });
    await slider.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    expect(await trackOffset(slider)).toBe(0);
    await expect(page.getByRole('button', { name: 'Pause testimonials' })).toHaveCount(0);
  });

  for (const width of [1280, 375]) {
    test(`the slider's pause control stops it on a whole card until Play (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const slider = page.getByRole('region', { name: /Testimonials from families/ });
      const pause = page.getByRole('button', { name: 'Pause testimonials' });
      await pause.scrollIntoViewIfNeeded();
      await expect(pause).toBeVisible();
      await expect.poll(() => trackOffset(slider)).toBeGreaterThan(20);
      await pause.click();
      const play = page.getByRole('button', { name: 'Play testimonials' });
      await expect(play).toBeFocused();
      await page.waitForTimeout(400);
      const stopped = await trackOffset(slider);
      // The pointer passing over the cards and leaving does not start it again.
      await slider.hover();
      await page.mouse.move(0, 0);
      await page.waitForTimeout(600);
      expect(await trackOffset(slider)).toBe(stopped);
      expect(await cutCards(slider)).toBe(0);
      await play.click();
      await expect.poll(() => trackOffset(slider)).toBeGreaterThan(stopped + 5);
      await expect(pause).toBeVisible();
    });
  }
});

test.describe('public pages', () => {
  test('courses landing, course detail, about and contact', async ({ page }) => {
    await page.goto('/courses-landing');
    await expect(page.getByRole('heading', { name: 'Our Courses', level: 1 })).toBeVisible();
    for (const exam of [
      'SSAT',
      'NWEA MAP',
      'SAT',
      'ACT',
      'AMC 8',
      'AMC 10',
      'AMC 12',
      'CEMC',
      'CMS',
      'Caribou',
      'IB',
      'Cambridge',
      'AP',
      'BC',
      'US NGSS-aligned',
    ]) {
      await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${exam}$`) })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Learn more about Elementary Standardized Test Prep' }).click();
    await expect(page).toHaveURL(/\/offerings\/elementary-standardized-test-prep$/);
    await expect(page.getByRole('heading', { name: 'Elementary Standardized Test Prep', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'SSAT Elementary Prep' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'MAP Grade 5 Math' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fractions Check-up' })).toBeVisible();
    const purchase = page.getByRole('complementary', { name: 'Purchase' });
    await expect(purchase.getByText('$399', { exact: true })).toBeVisible();
    await expect(purchase.getByRole('list', { name: "What's included" })).toContainText('16 mock tests');
    // The one course page the site had before leads to its offering.
    await page.goto('/courses-landing/elementary-standardized-test-prep');
    await expect(page).toHaveURL(/\/offerings\/elementary-standardized-test-prep$/);
    await page.getByRole('button', { name: 'PURCHASE THIS COURSE' }).click();
    await expect(page).toHaveURL(/\/signup$/);

    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: '(604) 555-0142' })).toHaveAttribute('href', 'tel:6045550142');
    await expect(page.getByRole('main').getByRole('link', { name: 'hello@mathacademy.ca' })).toBeVisible();
    await expect(page.getByText('Vancouver, British Columbia, Canada')).toBeVisible();
  });

  test('an unknown address shows a friendly not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});

test.describe('the Courses link', () => {
  test('leads visitors to the catalogue, and a signed-in student to their own courses', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }).click();
    await expect(page).toHaveURL(/\/courses-landing$/);
    await expect(page.getByRole('heading', { name: 'Our Courses', level: 1 })).toBeVisible();
    // The sample catalogue's old addresses lead there too.
    await page.goto('/course/elementary-number-sense/unit/u1');
    await expect(page).toHaveURL(/\/courses-landing$/);
    // A grade of the landing page shows the courses of its level.
    await page.goto('/');
    await page.getByRole('link', { name: /Grade 11/ }).click();
    await expect(page).toHaveURL(/\/courses-landing\?level=High(%20|\+)School$/);
    await expect(page.getByText('High School courses')).toBeVisible();
    const cards = page.getByRole('region', { name: 'Offerings' });
    await expect(cards.getByRole('heading', { name: 'Math Competitions', exact: true })).toBeVisible();
    await expect(cards.getByRole('heading', { name: 'SSAT Prep', exact: true })).toHaveCount(0);

    await signIn(page, 'student@demo.academy', DEMO_PASSWORD);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=courses$/);
    // Signed in, PURCHASE THIS COURSE goes to the cart.
    await page.goto('/offerings/amc-8-prep');
    await expect(
      page.getByRole('complementary', { name: 'Purchase' }).getByText('$599', { exact: true }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'PURCHASE THIS COURSE' }).click();
    await expect(page).toHaveURL(/\/cart$/);
  });
});
