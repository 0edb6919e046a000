import { describe, expect, it } from 'vitest';
import type { LiveGoodBot, LiveWebapp } from '../../../src/model/waf.js';
import { botProblem, matchBots, missingWebapp } from '../../../src/plan/diff/waf-problems.js';

/** How an `allow` entry finds its bot, and what is said of a webapp or bot ref that finds none, or several. */

const hex = (c: string) => c.repeat(32);
const bot = (id: string, name: string): LiveGoodBot => ({ id, name, enabled: false });
const shop = (bots: LiveGoodBot[]): LiveWebapp => ({ id: hex('f'), name: 'shop', bots });

describe('matchBots', () => {
  it('takes a 32-hex ref as an id, in any letter case', () => {
    const bots = [bot(hex('b'), 'Bingbot'), bot(hex('a'), 'Googlebot')];
    expect(matchBots(hex('A'), bots)).toEqual([bot(hex('a'), 'Googlebot')]);
  });

  it('takes a 32-hex ref that is no bot id as a name', () => {
    const bots = [bot(hex('1'), 'Googlebot'), bot(hex('2'), hex('c'))];
    expect(matchBots(hex('C'), bots)).toEqual([bot(hex('2'), hex('c'))]);
  });

  it('takes any other ref as a name only, even when some bot has it as its id', () => {
    // The wire format does not promise 32-hex bot ids.
    const bots = [bot('bingbot', 'Googlebot'), bot('b-2', 'Bingbot')];
    expect(matchBots('BINGBOT', bots)).toEqual([bot('b-2', 'Bingbot')]);
  });
});

describe('botProblem', () => {
  const live = shop([bot(hex('1'), 'Googlebot-News'), bot(hex('2'), 'Googlebot'), bot(hex('3'), 'Bingbot')]);

  it('a bot not found offers every close name, nearest first, or says there is none', () => {
    expect(botProblem('Googlebo', live, [])).toBe(
      'bot "Googlebo" is not in the good-bot catalogue of webapp "shop"; closest: Googlebot, Googlebot-News',
    );
    expect(botProblem('Slurp', live, [])).toBe(
      'bot "Slurp" is not in the good-bot catalogue of webapp "shop"; no bot there has a similar name',
    );
  });

  it('a ref that names several bots lists their ids', () => {
    const twins = [bot(hex('4'), 'Crawler'), bot(hex('5'), 'crawler')];
    expect(botProblem('CRAWLER', shop(twins), twins)).toBe(
      `bot "CRAWLER" names 2 bots of webapp "shop" (${hex('4')}, ${hex('5')}); use its id`,
    );
  });
});

describe('missingWebapp', () => {
  it('a name that several webapps have, in any letter case, asks for the id', () => {
    expect(missingWebapp('shop', ['blog', 'SHOP', 'Shop'])).toBe(
      '2 webapps are named "shop"; use the 32-hex id of the one meant',
    );
  });

  it('a webapp not found offers every close name, or nothing when none is close', () => {
    expect(missingWebapp('shop', ['blog', 'shop-eu', 'shop-us'])).toBe(
      'webapp "shop" does not exist in the WAF account; closest: shop-eu, shop-us',
    );
    expect(missingWebapp('zzz', ['blog', 'shop'])).toBe('webapp "zzz" does not exist in the WAF account');
  });

  it('a 32-hex ref is an id: a webapp merely named so is not taken, only offered as the closest name', () => {
    expect(missingWebapp(hex('a'), ['blog', hex('a')])).toBe(
      `webapp "${hex('a')}" does not exist in the WAF account; closest: ${hex('a')}`,
    );
  });
});
