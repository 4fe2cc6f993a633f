import { SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';

interface Props {
  placeholder: string;
  label: string;
}

/** Submitting opens /Search with the keyword; the search screen itself comes with a later issue. */
export const HomeSearch = ({ placeholder, label }: Props) => {
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  return (
    // biome-ignore lint/a11y/useSemanticElements: older mobile browsers do not know <search>; the role works everywhere.
    <form
      role="search"
      className="home-search"
      onSubmit={(event) => {
        event.preventDefault();
        const query = new URLSearchParams({ searchType: 'global', keyword: keyword.trim() });
        navigate(`/Search?${query.toString()}`);
      }}
    >
      <SearchOutline aria-hidden className="home-search__icon" />
      <input
        type="search"
        className="home-search__input"
        data-testid="home-search"
        aria-label={label}
        placeholder={placeholder}
        enterKeyHint="search"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
    </form>
  );
};
